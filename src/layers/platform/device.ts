/** Whether the main pointer is coarse (a phone or tablet): deep links beat QR codes there. */
export const isTouchDevice = (): boolean => {
  try {
    return typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches
  } catch {
    return false
  }
}
