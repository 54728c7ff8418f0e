/** The part of `sm-crypto` (no bundled types) the SpringBlade sign-in uses. */
declare module 'sm-crypto' {
  interface Sm2 {
    generateKeyPairHex(): { publicKey: string; privateKey: string };
    /** cipherMode 1 = C1C3C2 (default), 0 = C1C2C3; hex without the 04 prefix */
    doEncrypt(msg: string, publicKey: string, cipherMode?: 0 | 1): string;
    /** '' when the cipher text does not check out */
    doDecrypt(encrypted: string, privateKey: string, cipherMode?: 0 | 1): string;
  }
  const smCrypto: { sm2: Sm2 };
  export default smCrypto;
}
