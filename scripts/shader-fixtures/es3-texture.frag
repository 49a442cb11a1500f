// Must FAIL the GLSL ES 1.00 check (scripts/check-shaders.sh): texture() and integer bit operations
// are GLSL ES 3.00 only.
uniform sampler2D u_tex;
varying vec2 v_uv;

void main() {
    int bits = int(v_uv.x * 255.0) << 2;
    gl_FragColor = texture(u_tex, v_uv) * float(bits & 255);
}
