import CAlsa

/// Straight to ALSA's `default` device, where no sound server runs (a kiosk without PulseAudio or PipeWire):
/// the same stream, written a chunk at a time, with the same short buffer.
final class AlsaOutput: AudioOutput {
    private let alsa: recto_alsa_api
    private let pcm: OpaquePointer
    let rate: Int
    let channels: Int

    init(rate: Int, channels: Int, bufferMS: Double) throws(SoundError) {
        guard let alsa = recto_alsa()?.pointee else { throw .server("ALSA: " + String(cString: recto_alsa_failure())) }
        var handle: OpaquePointer?
        var status = alsa.snd_pcm_open(&handle, "default", SND_PCM_STREAM_PLAYBACK, 0)
        guard status >= 0, let handle else { throw .server("ALSA: " + errorText(alsa.snd_strerror(status))) }
        status = alsa.snd_pcm_set_params(handle, SND_PCM_FORMAT_FLOAT_LE, SND_PCM_ACCESS_RW_INTERLEAVED, UInt32(channels),
                                    UInt32(rate), 1, UInt32(bufferMS * 1000))
        guard status >= 0 else {
            _ = alsa.snd_pcm_close(handle)
            throw .server("ALSA: " + errorText(alsa.snd_strerror(status)))
        }
        pcm = handle
        self.alsa = alsa
        self.rate = rate
        self.channels = channels
    }

    deinit {
        _ = alsa.snd_pcm_close(pcm)
    }

    func write(_ samples: UnsafeBufferPointer<Float>) throws(SoundError) {
        var frames = samples.count / channels, at = 0
        while frames > 0 {
            let n = alsa.snd_pcm_writei(pcm, samples.baseAddress! + at * channels, snd_pcm_uframes_t(frames))
            if n < 0 {
                // An underrun (the stream ran dry between pages) or a suspend: prepared again, it goes on.
                guard alsa.snd_pcm_recover(pcm, Int32(n), 1) >= 0 else { throw .server("ALSA: " + errorText(alsa.snd_strerror(Int32(n)))) }
                continue
            }
            frames -= Int(n)
            at += Int(n)
        }
    }

    var latencyMS: Double {
        var delay: snd_pcm_sframes_t = 0
        return alsa.snd_pcm_delay(pcm, &delay) >= 0 ? Double(delay) / Double(rate) * 1000 : 0
    }

    func flush() {
        _ = alsa.snd_pcm_drop(pcm)
        _ = alsa.snd_pcm_prepare(pcm)
    }

    func drain() {
        _ = alsa.snd_pcm_drain(pcm)
        _ = alsa.snd_pcm_prepare(pcm)
    }
}
