import Control
import Testing

/// The control socket's share of the loop: requests are served while the window's work is not spent, then wait
/// for the next window.
@Suite struct RequestBudgetTests {
    @Test func requestsWaitForTheNextWindowOnceItsWorkIsSpent() {
        var budget = RequestBudget(work: 2, window: 16)
        var allowed = budget.allows(at: 100)
        #expect(allowed && budget.resumesAt == nil)
        budget.charge(1.5)
        allowed = budget.allows(at: 101.5)
        #expect(allowed, "0.5 ms left")
        budget.charge(0.7)  // overdrawn by the request that was allowed
        allowed = budget.allows(at: 102.2)
        #expect(!allowed)
        #expect(budget.resumesAt == 116, "the window began with the first request")
        allowed = budget.allows(at: 115.9)
        #expect(!allowed)
        allowed = budget.allows(at: 116)
        #expect(allowed && budget.resumesAt == nil, "a new window")
    }

    @Test func aQuietSpellStartsAFreshWindowAtTheNextRequest() {
        var budget = RequestBudget(work: 2, window: 16)
        _ = budget.allows(at: 0)
        budget.charge(5)
        #expect(budget.resumesAt == 16)
        var allowed = budget.allows(at: 1000)
        #expect(allowed && budget.resumesAt == nil)
        budget.charge(1)
        allowed = budget.allows(at: 1015.9)
        #expect(allowed, "the window runs from 1000")
        budget.charge(1)
        #expect(budget.resumesAt == 1016)
    }

    @Test func aNegativeTimeIsNoCredit() {
        var budget = RequestBudget(work: 2, window: 16)
        _ = budget.allows(at: 0)
        budget.charge(-3)
        budget.charge(2)
        let allowed = budget.allows(at: 1)
        #expect(!allowed, "-3 ms is not credit")
    }
}
