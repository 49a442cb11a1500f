// Page vertex shader. Positions are page-space pixels (origin top-left, y down).
// u_pageToClip maps page space through the page's screen rect, the reader's view transform and the
// projection to clip space. Vertex stages are highp in GLES 2.0; the fragment stages may be mediump only
// (16-bit floats), so nothing large in magnitude is handed to them but the texture coordinate itself.
attribute vec2 a_pos;
attribute vec2 a_uv;
uniform mat3 u_pageToClip;
varying vec2 v_uv;

void main() {
    vec3 p = u_pageToClip * vec3(a_pos, 1.0);
    gl_Position = vec4(p.xy, 0.0, 1.0);
    v_uv = a_uv;
}
