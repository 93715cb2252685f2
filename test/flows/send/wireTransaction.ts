import {
  decompileTransactionMessage,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder
} from "@solana/kit"

/** A base64 wire transaction back into its signature slots, its compiled message, and that decompiled. */
export const decodeWire = (wire: string) => {
  const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(wire))
  const compiled = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
  return { transaction, compiled, message: decompileTransactionMessage(compiled) }
}
