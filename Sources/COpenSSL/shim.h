/* The system OpenSSL's libcrypto headers (found through pkg-config `libcrypto`): Ed25519 and
   SHA-256 for signed bundles. */
#include <openssl/evp.h>
