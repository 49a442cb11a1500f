extension Reader {
    /// Goes to the spread holding `page` with a cross-fade (the overlay's scrubber): a turn in progress settles
    /// first; the `page` event comes when the fade ends, with the spread's first page.
    public mutating func jump(toPage page: Int, at time: Double) -> [ReaderEvent] {
        let events = finishTurnImmediately()
        let target = position.layout.spreadIndex(containing: position.layout.clampPage(page))
        if target != position.spreadIndex { startFade(to: target, at: time) }
        return events
    }
}
