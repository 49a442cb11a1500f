// The page beneath a turning page, darkened by the soft shadow the curl casts on it: strongest just
// beyond the roll's outline and fading over u_shadowWidth pixels. u_axisNormal and u_axisPoint are in
// this page's coordinates. In spreads the gutter shadow darkens the strip next to the spine.
uniform sampler2D u_tex;
uniform vec4 u_paper;
uniform float u_useTexture;
uniform vec2 u_axisPoint;
uniform vec2 u_axisNormal;
uniform float u_radius;
uniform float u_shadowWidth;
uniform float u_shadowStrength;
uniform float u_gutterX;
uniform float u_gutterWidth;
varying vec2 v_uv;
varying vec2 v_page;

void main() {
    vec4 t = texture2D(u_tex, v_uv);
    vec3 c = mix(u_paper.rgb, t.rgb, u_useTexture * t.a);
    float s = dot(v_page - u_axisPoint, u_axisNormal) - u_radius;
    float shade = 1.0;
    if (u_shadowStrength > 0.0) {
        float k = clamp(s / max(u_shadowWidth, 1.0), 0.0, 1.0);
        shade -= u_shadowStrength * (1.0 - k) * (1.0 - k) * step(-u_radius, s);
    }
    if (u_gutterWidth > 0.0) {
        float g = clamp(abs(v_page.x - u_gutterX) / u_gutterWidth, 0.0, 1.0);
        shade *= 1.0 - 0.22 * (1.0 - g) * (1.0 - g);
    }
    gl_FragColor = vec4(c * shade, 1.0);
}
