// Flat page: the page texture over paper (transparent pages show paper, not the background), or the
// plain paper colour of a placeholder while the page decodes.
// Error bound in mediump (16-bit floats): the texture coordinate is the interpolated varying unchanged
// (GPUs with mediump-only fragments, e.g. Mali-400, look such a coordinate up at full precision; where
// it is rounded to 16 bits it is off by at most half a texel on textures up to 2,048 texels, which is why
// the renderer keeps textures within 2,048 where fragments have no highp); the colour mix is within
// 1/255 (values in [0, 1], 11 significant bits).
uniform sampler2D u_tex;
uniform vec4 u_paper;
uniform float u_useTexture;
varying vec2 v_uv;

void main() {
    vec4 c = texture2D(u_tex, v_uv);
    float k = u_useTexture * c.a;
    gl_FragColor = vec4(mix(u_paper.rgb, c.rgb, k), 1.0);
}
