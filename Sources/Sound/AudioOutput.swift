/// Where a stream of float samples goes: the session's sound server, else ALSA directly.
protocol AudioOutput: AnyObject {
    /// Blocks while the output's buffer is full.
    func write(_ samples: UnsafeBufferPointer<Float>) throws(SoundError)
    /// How long until the last sample written is heard (ms).
    var latencyMS: Double { get }
    /// Drops what waits in the buffer.
    func flush()
    /// Waits until what was written has been played.
    func drain()
}

/// Opens a stream: the sound server over the PulseAudio protocol (PulseAudio, or PipeWire's pipewire-pulse), else
/// where none answers ALSA's `default` device. Throws with both reasons when neither takes it.
func openAudioOutput(server: String?, rate: Int, channels: Int, name: String, bufferMS: Double = SoundServer.bufferMS,
                     startsAtOnce: Bool = false) throws(SoundError) -> any AudioOutput {
    do {
        return try SoundServer(server: server, rate: rate, channels: channels, name: name, bufferMS: bufferMS,
                               startsAtOnce: startsAtOnce)
    } catch let pulse {
        do { return try AlsaOutput(rate: rate, channels: channels, bufferMS: bufferMS) } catch {
            throw .server("\(pulse.reason); \(error.reason)")
        }
    }
}
