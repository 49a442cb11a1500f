import Config
import Testing

/// Quiet hours: a span of the local day, past midnight too; anything but "HH:MM-HH:MM" is refused.
@Suite struct QuietHoursTests {
    @Test func spansOfTheDay() throws {
        let evening = try #require(QuietHours("18:30-09:00"))
        #expect(evening.contains(minute: 18 * 60 + 30) && evening.contains(minute: 23 * 60) && evening.contains(minute: 0))
        #expect(evening.contains(minute: 8 * 60 + 59) && !evening.contains(minute: 9 * 60) && !evening.contains(minute: 12 * 60))
        let lunch = try #require(QuietHours(" 12:00-13:30 "))
        #expect(lunch.contains(minute: 12 * 60) && !lunch.contains(minute: 13 * 60 + 30) && !lunch.contains(minute: 11 * 60))
        #expect(QuietHours("00:00-00:00")?.contains(minute: 700) == true, "the same start and end: all day")
    }

    @Test func anythingElseIsRefused() {
        for text in ["", "18-9", "24:00-07:00", "18:60-07:00", "18:00", "18:00-07:00-08:00", "6pm-9am", "18:0-07:00"] {
            #expect(QuietHours(text) == nil, "\(text)")
        }
        var s = Settings()
        #expect(throws: ValueError.self) { _ = try s.setLive("quiet-hours", "late") }
        #expect(throws: Never.self) { _ = try s.setLive("quiet-hours", "22:00-06:00") }
    }
}
