// Plain-colour vertex shader: positions only (page space, as page.vert).
attribute vec2 a_pos;
uniform mat3 u_pageToClip;

void main() {
    vec3 p = u_pageToClip * vec3(a_pos, 1.0);
    gl_Position = vec4(p.xy, 0.0, 1.0);
}
