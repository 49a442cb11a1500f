import Foundation
import Glibc
import Synchronization

/// Signals the calling thread with SIGUSR2 every millisecond while `body` runs. The handler does nothing and is
/// installed without SA_RESTART, so a system call blocked when a signal arrives fails with EINTR (or, having
/// moved some bytes, returns a short count) instead of being restarted by the kernel.
///
/// The signalling thread stops once `stop` is true or `body` has returned; it then runs `afterwards` (a byte
/// a blocked read waits for). Before the old handler is back, a signal still pending is taken.
func whileInterrupted<T>(until stop: @escaping @Sendable () -> Bool = { false },
                         afterwards: @escaping @Sendable () -> Void = {}, _ body: () -> T) -> T {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in }
    action.sa_flags = 0
    sigemptyset(&action.sa_mask)
    var previous = sigaction()
    precondition(sigaction(SIGUSR2, &action, &previous) == 0)
    var usr2 = sigset_t(), old = sigset_t()
    sigemptyset(&usr2)
    sigaddset(&usr2, SIGUSR2)
    pthread_sigmask(SIG_UNBLOCK, &usr2, &old)

    let state = InterrupterState()
    let target = pthread_self()
    Thread {
        while !stop() && !state.bodyReturned.load(ordering: .acquiring) {
            pthread_kill(target, SIGUSR2)
            usleep(1000)
        }
        afterwards()
        state.finished.store(true, ordering: .releasing)
    }.start()

    let result = body()
    state.bodyReturned.store(true, ordering: .releasing)
    while !state.finished.load(ordering: .acquiring) { usleep(1000) }
    pthread_sigmask(SIG_BLOCK, &usr2, nil)
    var pending = sigset_t()
    sigpending(&pending)
    if sigismember(&pending, SIGUSR2) == 1 { var taken: Int32 = 0; sigwait(&usr2, &taken) }
    sigaction(SIGUSR2, &previous, nil)
    pthread_sigmask(SIG_SETMASK, &old, nil)
    return result
}

private final class InterrupterState: Sendable {
    let bodyReturned = Atomic<Bool>(false)
    let finished = Atomic<Bool>(false)
}

/// A thread-safe counter for closures the test hands to other threads.
final class Counter: Sendable {
    private let value = Atomic<Int>(0)
    var count: Int { value.load(ordering: .acquiring) }
    func increment() { value.add(1, ordering: .releasing) }
}
