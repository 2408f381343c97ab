// Bytecode → TEAL that reassembles to the same bytes.
export { disassemble } from './disassembler.ts'
