// The public networks' default endpoints, free of Vite's import.meta.env so that Node code (the
// production web server's Content-Security-Policy) reads the same table as the app.

/** Default algod base URLs of the public networks (scheme + host, default port). */
export const PUBLIC_ALGOD = {
  testnet: 'https://testnet-api.4160.nodely.dev',
  mainnet: 'https://mainnet-api.4160.nodely.dev',
} as const

/** Default indexer base URLs of the public networks (scheme + host, default port). */
export const PUBLIC_INDEXER = {
  testnet: 'https://testnet-idx.4160.nodely.dev',
  mainnet: 'https://mainnet-idx.4160.nodely.dev',
} as const

/**
 * The IPFS gateway token logos and ARC-3 metadata are read through (ipfs:// and ARC-19 URLs). The
 * production server's Content-Security-Policy lets the page fetch JSON from this origin only.
 */
export const IPFS_GATEWAY = 'https://ipfs.algonode.xyz'
