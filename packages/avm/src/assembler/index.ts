// TEAL → bytecode, as algod's assembler does it.
export { assemble, formatAssemblyError } from './assembler.ts'
export type { AssembleOptions, AssembleResult, AssemblyError } from './assembler.ts'
export type { SourceMap } from './source-map.ts'
export { programHash, programHashOnCurve, isEdwards25519Point } from './autosalt.ts'
