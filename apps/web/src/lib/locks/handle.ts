// A lock's id as people read it: ids are 53-bit hashes (16 digits), so every page shows the same short
// handle, "7228…4306", and keeps the whole id for a title or a copy.
import { shortenAddress } from '@/lib/format.ts'

/** A lock's id as a short handle, the same on every page: "7228…4306" (ids of up to 9 digits whole). */
export const lockHandle = (id: number | bigint | string): string => shortenAddress(String(id), 4)
