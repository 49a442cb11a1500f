import CPulseSimple

/// One playback stream to the session's sound server over the PulseAudio protocol: PulseAudio itself, or
/// PipeWire through pipewire-pulse. libpulse finds the server as every client does (`PULSE_SERVER`, the
/// session's runtime directory). The stream keeps little buffered (`bufferMS`), so a stop is heard at once.
final class SoundServer: AudioOutput {
    private let pulse: recto_pulse_api
    private let stream: OpaquePointer
    let rate: Int
    let channels: Int

    /// What the server holds ahead of the speaker: short, so a fade at a turn is heard within a frame or few.
    static let bufferMS = 60.0

    /// `server`: a PulseAudio server string (`unix:/run/user/1000/pulse/native`); nil finds the session's.
    /// `bufferMS`: what the server holds ahead; `startsAtOnce`: each write plays as soon as it arrives (no
    /// pre-buffering: a short sound that must be heard with what caused it).
    init(server: String?, rate: Int, channels: Int, name: String, bufferMS: Double = SoundServer.bufferMS,
         startsAtOnce: Bool = false) throws(SoundError) {
        var spec = pa_sample_spec(format: PA_SAMPLE_FLOAT32LE, rate: UInt32(rate), channels: UInt8(channels))
        let bytesPerMS = Double(rate * channels * 4) / 1000
        var attr = pa_buffer_attr(maxlength: UInt32.max, tlength: UInt32(bufferMS * bytesPerMS),
                                  prebuf: startsAtOnce ? 0 : UInt32.max, minreq: UInt32.max, fragsize: UInt32.max)
        guard let pulse = recto_pulse()?.pointee else { throw .server(String(cString: recto_pulse_failure())) }
        var error: Int32 = 0
        guard let stream = pulse.pa_simple_new(server, "recto", PA_STREAM_PLAYBACK, nil, name, &spec, nil, &attr, &error)
        else {
            throw .server(errorText(pulse.pa_strerror(error)))
        }
        self.pulse = pulse
        self.stream = stream
        self.rate = rate
        self.channels = channels
    }

    deinit { pulse.pa_simple_free(stream) }

    /// Blocks while the server's buffer is full.
    func write(_ samples: UnsafeBufferPointer<Float>) throws(SoundError) {
        var error: Int32 = 0
        guard pulse.pa_simple_write(stream, samples.baseAddress, samples.count * 4, &error) == 0 else {
            throw .server(errorText(pulse.pa_strerror(error)))
        }
    }

    /// How long until the last sample written is heard (ms).
    var latencyMS: Double {
        var error: Int32 = 0
        let us = pulse.pa_simple_get_latency(stream, &error)
        return error == 0 ? Double(us) / 1000 : Self.bufferMS
    }

    /// Drops what waits in the server's buffer (a stop: the fade written next is what is heard).
    func flush() {
        var error: Int32 = 0
        _ = pulse.pa_simple_flush(stream, &error)
    }

    /// Waits until what was written has been played.
    func drain() {
        var error: Int32 = 0
        _ = pulse.pa_simple_drain(stream, &error)
    }
}
