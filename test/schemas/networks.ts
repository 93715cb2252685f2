import fc from "fast-check"
import { httpsUrlArb, namespaceArb } from "./helpers"

// The real networks a host hands over (viem's mainnet with its explorer, contracts and image; Base; Solana;
// Bitcoin), under the names the schema tests give them.
export {
  baseNetwork as base,
  bitcoinNetwork as bitcoin,
  solanaMainnet as solana,
  viemMainnet as mainnet
} from "../kit/networks"

const referenceArb = fc.string({
  unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789-_".split("")),
  minLength: 1,
  maxLength: 32
})

export const networkArb = fc
  .record(
    {
      namespace: namespaceArb,
      numericId: fc.nat(),
      reference: referenceArb,
      name: fc.string(),
      nativeCurrency: fc.record({
        name: fc.string(),
        symbol: fc.string(),
        decimals: fc.integer({ min: 0, max: 36 })
      }),
      http: fc.array(httpsUrlArb, { minLength: 1, maxLength: 3 }),
      explorer: fc.record({ name: fc.string(), url: httpsUrlArb }),
      testnet: fc.boolean(),
      extra: fc.dictionary(fc.constantFrom("sourceId", "fees", "custom"), fc.jsonValue())
    },
    { requiredKeys: ["namespace", "numericId", "reference", "name", "nativeCurrency", "http"] }
  )
  .map((n) => {
    const id = n.namespace === "eip155" ? n.numericId : n.reference
    return {
      ...n.extra,
      id,
      caipNetworkId: `${n.namespace}:${id}`,
      chainNamespace: n.namespace,
      name: n.name,
      nativeCurrency: n.nativeCurrency,
      rpcUrls: { default: { http: n.http } },
      ...(n.explorer === undefined ? {} : { blockExplorers: { default: n.explorer } }),
      ...(n.testnet === undefined ? {} : { testnet: n.testnet })
    }
  })
