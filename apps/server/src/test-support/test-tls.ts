/**
 * A self-signed certificate for localhost and 127.0.0.1 (valid 2025–2125), so test peers can
 * speak TLS and a client can trust exactly this one through `ca`. The key is published here:
 * it protects nothing and must never serve anything but a test on 127.0.0.1.
 */
export const TEST_TLS = {
  cert: `-----BEGIN CERTIFICATE-----
MIIBkTCCATagAwIBAgIBATAKBggqhkjOPQQDAjAZMRcwFQYDVQQDDA5XZWZ0IHRl
c3QgcGVlcjAgFw0yNTAxMDEwMDAwMDBaGA8yMTI1MDEwMTAwMDAwMFowGTEXMBUG
A1UEAwwOV2VmdCB0ZXN0IHBlZXIwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAASA
8qeBOKs1PIbDCyFScDfbWKgsq868KA+cEYs8utXvnniHQR+zpyFmFgO2NT9wSnPS
etz+5jEMNlK4J1UPI70fo20wazAaBgNVHREEEzARgglsb2NhbGhvc3SHBH8AAAEw
DAYDVR0TAQH/BAIwADALBgNVHQ8EBAMCB4AwEwYDVR0lBAwwCgYIKwYBBQUHAwEw
HQYDVR0OBBYEFLdNMY7b6S7Yb/rnsFfsYup84ROzMAoGCCqGSM49BAMCA0kAMEYC
IQDS22uFqVuSZza7s2iMVfInbGlyUkpbJgbU0QI51i1z7QIhANvwLw0pOgLCuNrl
vaI+myvKP+yoKxTBH28HWBEcarN9
-----END CERTIFICATE-----
`,
  key: `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgOilFg0RPNFOOOMby
ut24vvMLz8jit1UJctNr9qGDBF2hRANCAASA8qeBOKs1PIbDCyFScDfbWKgsq868
KA+cEYs8utXvnniHQR+zpyFmFgO2NT9wSnPSetz+5jEMNlK4J1UPI70f
-----END PRIVATE KEY-----
`,
} as const;
