// A small picture over the page with its own transparency (a note's marker): the texture as it is, blended
// over what is drawn (straight alpha). Error bound in mediump: the colour within 1/255.
uniform sampler2D u_tex;
varying vec2 v_uv;

void main() {
    gl_FragColor = texture2D(u_tex, v_uv);
}
