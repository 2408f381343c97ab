// Conformance cases this AVM is known to fail, each with its reason. The goal is an empty list:
// the conformance test fails both when a case outside this list fails and when a listed case
// starts passing (so the list only shrinks).
import knownFailures from './known-failures.json' with { type: 'json' }

/** Case id → why it fails. */
export const KNOWN_FAILURES: Readonly<Record<string, string>> = knownFailures
