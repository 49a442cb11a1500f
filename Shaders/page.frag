// Flat page: the page texture over paper (transparent pages show paper, not the background), or the
// plain paper colour of a placeholder while the page decodes.
uniform sampler2D u_tex;
uniform vec4 u_paper;
uniform float u_useTexture;
varying vec2 v_uv;
varying vec2 v_page;

void main() {
    vec4 c = texture2D(u_tex, v_uv);
    float k = u_useTexture * c.a;
    gl_FragColor = vec4(mix(u_paper.rgb, c.rgb, k), 1.0);
}
