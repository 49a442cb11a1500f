// Plain colour with an antialiased outline: positions (page space, as page.vert) and, per vertex, the
// distances in window pixels from the point's place on the unturned page to that page's left, top, right
// and bottom edges (computed in double precision on the CPU; affine in the position, so interpolating
// them is exact).
attribute vec2 a_pos;
attribute vec4 a_edges;
uniform mat3 u_pageToClip;
varying vec4 v_edges;

void main() {
    vec3 p = u_pageToClip * vec3(a_pos, 1.0);
    gl_Position = vec4(p.xy, 0.0, 1.0);
    v_edges = a_edges;
}
