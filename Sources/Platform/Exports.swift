// Platform's users read the same monotonic clock as the loop's timers and input times (`monotonicMilliseconds()`)
// without importing Posix themselves.
@_exported import Posix
