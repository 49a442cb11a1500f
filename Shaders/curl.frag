// Turning page, one face per variant so each fragment reads one texture: the front where the surface
// faces the viewer; BACK_PAGE the next page's image (spreads, mirrored by the vertex stage); BACK the
// front seen through the paper, softened toward paper white (single pages). Light comes per vertex.
uniform sampler2D u_tex;
uniform vec4 u_paper;
uniform float u_hasTexture;
uniform vec2 u_pageSize;
uniform float u_aaScale;
varying vec2 v_uv;
varying vec2 v_page;
varying float v_shade;
varying float v_highlight;
varying float v_rim;

void main() {
    vec4 t = texture2D(u_tex, v_uv);
    vec3 c = mix(u_paper.rgb, t.rgb, u_hasTexture * t.a);
#if defined(BACK) && !defined(BACK_PAGE)
    c = mix(u_paper.rgb, c, 0.22);
#endif
    c = c * v_shade + vec3(v_highlight);
    // Analytic antialiasing: fade the outermost pixel of the page's outline and of the roll's rim.
    vec2 edge = min(v_page, u_pageSize - v_page) * u_aaScale;
    float coverage = clamp(min(min(edge.x, edge.y), v_rim * u_aaScale) + 0.5, 0.0, 1.0);
    gl_FragColor = vec4(c, coverage);
}
