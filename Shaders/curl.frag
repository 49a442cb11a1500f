// Turning page. Where the surface faces the viewer (v_nz > 0) the front image; elsewhere the back:
// in spreads the next page's image (mirrored, since it is seen from behind), in single-page mode the
// front image seen through the paper, softened toward paper white. Shading follows the cylinder normal.
uniform sampler2D u_front;
uniform sampler2D u_back;
uniform vec4 u_paper;
uniform float u_hasFront;
uniform float u_hasBack;
uniform float u_backSeparate;
uniform vec2 u_pageSize;
uniform float u_aaScale;
varying vec2 v_uv;
varying vec2 v_page;
varying float v_nz;
varying float v_nAlong;
varying float v_rim;

void main() {
    vec4 c;
    if (v_nz >= 0.0) {
        vec4 t = texture2D(u_front, v_uv);
        c = vec4(mix(u_paper.rgb, t.rgb, u_hasFront * t.a), 1.0);
    } else if (u_backSeparate > 0.5) {
        vec4 t = texture2D(u_back, vec2(1.0 - v_uv.x, v_uv.y));
        c = vec4(mix(u_paper.rgb, t.rgb, u_hasBack * t.a), 1.0);
    } else {
        vec4 t = texture2D(u_front, v_uv);
        vec3 through = mix(u_paper.rgb, t.rgb, u_hasFront * t.a);
        c = vec4(mix(u_paper.rgb, through, 0.22), 1.0);
    }
    // Diffuse light from above and a little toward the spine, plus a soft highlight on the roll.
    float nz = abs(v_nz);
    float diffuse = 0.62 + 0.38 * nz;
    float highlight = pow(max(0.0, 1.0 - abs(v_nAlong + 0.45) * 2.2), 3.0) * 0.12 * (1.0 - nz);
    c.rgb = c.rgb * diffuse + vec3(highlight);
    // Analytic antialiasing: fade the outermost pixel of the page's outline and of the roll's rim.
    vec2 edge = min(v_page, u_pageSize - v_page) * u_aaScale;
    float coverage = clamp(min(min(edge.x, edge.y), v_rim * u_aaScale) + 0.5, 0.0, 1.0);
    gl_FragColor = vec4(c.rgb, coverage);
}
