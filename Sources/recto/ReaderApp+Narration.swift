import AppCore
import Sound

/// The sound players, each made with its descriptor in the loop at its first request: a reader that never plays
/// a sound starts no thread.
struct SoundPlayers {
    var narration: NarrationPlayer?
    var pageSound: PageSoundPlayer?
}

extension ReaderApp {
    var narrationPlayer: NarrationPlayer {
        if let player = players.narration { return player }
        let player = NarrationPlayer()
        loop.add(fd: player.fd) { [unowned self] _ in
            for note in players.narration?.takeNotes() ?? [] { deliver(.narration(note)) }
        }
        players.narration = player
        return player
    }

    var pageSoundPlayer: PageSoundPlayer {
        if let player = players.pageSound { return player }
        let player = PageSoundPlayer()
        loop.add(fd: player.fd) { [unowned self] _ in
            for note in players.pageSound?.takeNotes() ?? [] { deliver(.pageSound(note)) }
        }
        players.pageSound = player
        return player
    }
}
