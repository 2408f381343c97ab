// Run-time settings of the stack serving this build (src/lib/runtime.ts). Grove's own server
// answers this path with the stack's ports, deployment and analytics service; a static host serves
// this file, which says nothing, and the build's settings hold.
globalThis.__GROVE_RUNTIME__ = {}
