// Must FAIL the GLSL ES 1.00 check (scripts/check-shaders.sh): `in`/`out` qualifiers and unsigned
// integers are GLSL ES 3.00 only.
in vec2 a_pos;
out vec2 v_uv;
uniform uint u_count;

void main() {
    v_uv = a_pos * float(u_count);
    gl_Position = vec4(a_pos, 0.0, 1.0);
}
