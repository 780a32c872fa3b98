/* libFuzzer's entry for a program that has its own main: runs the fuzzer with the command
** line's options and corpus folders, calling test_one_input for every input. Linked in only
** with -sanitize=fuzzer. */
#ifndef LIBFUZZER_H
#define LIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*test_one_input)(const uint8_t *data, size_t size));

#endif
