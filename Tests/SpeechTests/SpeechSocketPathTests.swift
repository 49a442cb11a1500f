import Speech
import Testing

/// Where recto looks for speech-dispatcher: as libspeechd does.
@Suite struct SpeechSocketPathTests {
    @Test func theRuntimeDirectoryByDefault() {
        #expect(SpeechConnection.socketPath(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"])
                == "/run/user/1000/speech-dispatcher/speechd.sock")
        #expect(SpeechConnection.socketPath(environment: [:]) == nil)
    }

    @Test func speechdAddressWins() {
        let env = ["XDG_RUNTIME_DIR": "/run/user/1000", "SPEECHD_ADDRESS": "unix_socket:/srv/sd.sock"]
        #expect(SpeechConnection.socketPath(environment: env) == "/srv/sd.sock")
        // `unix_socket` alone means the default path.
        #expect(SpeechConnection.socketPath(environment: ["XDG_RUNTIME_DIR": "/r", "SPEECHD_ADDRESS": "unix_socket"])
                == "/r/speech-dispatcher/speechd.sock")
        // An inet_socket address is not a Unix socket: recto does not speak over TCP.
        #expect(SpeechConnection.socketPath(environment: ["XDG_RUNTIME_DIR": "/r", "SPEECHD_ADDRESS": "inet_socket:localhost:6560"]) == nil)
    }
}
