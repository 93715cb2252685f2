/**
 * Writes `text` to the clipboard; resolves `true` once written, `false` otherwise. Never throws and never
 * rejects: the clipboard may be missing (insecure context, old browser), refused (permission, no user
 * gesture), or throw synchronously, and none of that may escape a click handler.
 */
export const copyText = (text: string): Promise<boolean> => {
  try {
    const clipboard = typeof navigator === "undefined" ? undefined : navigator.clipboard
    if (typeof clipboard?.writeText !== "function") return Promise.resolve(false)
    // Called in the click's own task: browsers allow the write only during the user's gesture.
    return Promise.resolve(clipboard.writeText(text)).then(
      () => true,
      () => false
    )
  } catch {
    return Promise.resolve(false)
  }
}
