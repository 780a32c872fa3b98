/* The target exists for its header; libFuzzer itself comes with -sanitize=fuzzer. */
#include "LibFuzzer.h"
