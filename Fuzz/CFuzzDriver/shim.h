// libFuzzer's driver entry (compiler-rt FuzzerInterface.h), linked in by -sanitize=fuzzer.
//
// SwiftPM links every executable with `--defsym main=<Target>_main`, so libFuzzer's own main cannot be used
// (with -parse-as-library the symbol is missing and the link fails). Each fuzz target's main.swift therefore
// calls the driver itself.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
