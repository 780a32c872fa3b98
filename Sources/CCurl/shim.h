/* The system's libcurl (Debian's libcurl4-openssl-dev), for fetching bundles. */
#include <curl/curl.h>
