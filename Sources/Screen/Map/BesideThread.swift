import Foundation

/// One thread beside the run loop that runs the jobs handed to it in order, woken by a condition: handing a job
/// over costs a wake-up. (A dispatch to a queue whose thread had gone idle cost the loop 50–150 µs on this
/// machine, more than the strip it saved; see DECISIONS.) The thread starts with the first job and stays.
final class BesideThread: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var running = false
    private var started = false
    private let name: String

    init(name: String) {
        self.name = name
    }

    /// Hands `job` to the thread.
    func async(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        if !started {
            started = true
            let thread = Thread { [self] in work() }
            thread.name = name
            thread.start()
        }
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until every job handed over so far has run.
    func waitUntilIdle() {
        condition.lock()
        while !jobs.isEmpty || running { condition.wait() }
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            running = true
            condition.unlock()
            job()
            condition.lock()
            running = false
            condition.broadcast()
            condition.unlock()
        }
    }
}
