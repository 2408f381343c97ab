// The primes of the two pairing-friendly curves the AVM exposes (BN254 and BLS12-381): base
// field moduli p (point coordinates) and scalar field moduli r (group order, MiMC/Poseidon2).

/** BN254 base field modulus. */
export const BN254_P = 0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47n
/** BN254 scalar field modulus (order of G1 and G2). */
export const BN254_R = 0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001n
/** BLS12-381 base field modulus. */
export const BLS12_381_P =
  0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaabn
/** BLS12-381 scalar field modulus (order of G1 and G2). */
export const BLS12_381_R = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n
