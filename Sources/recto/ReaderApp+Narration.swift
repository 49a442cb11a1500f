import AppCore
import Sound

extension ReaderApp {
    /// The narration player, made with its descriptor in the loop at the first request.
    var narrationPlayer: NarrationPlayer {
        if let narrator { return narrator }
        let player = NarrationPlayer()
        loop.add(fd: player.fd) { [unowned self] _ in
            for note in narrator?.takeNotes() ?? [] { deliver(.narration(note)) }
        }
        narrator = player
        return player
    }

    /// The paper's sound, made at the first turn that asks for it.
    var pageSoundPlayer: PageSoundPlayer {
        if let pageSounds { return pageSounds }
        let player = PageSoundPlayer()
        loop.add(fd: player.fd) { [unowned self] _ in
            for note in pageSounds?.takeNotes() ?? [] { deliver(.pageSound(note)) }
        }
        pageSounds = player
        return player
    }
}
