// A single page's flap where it lies on the ground, outline and all, in one opaque pass: the colour the
// roll shader's antialiased outline would blend over the plain background, computed here instead (no
// blending, no texture read). Drawn with the roll shader, the outline's thin slanted pieces over the ground
// cost llvmpipe as much as a third of a resting frame in a fading turn's last fifth.
// Coverage is roll.frag's: the outermost window pixel fades out, points off the page are the ground.
// Error bound in mediump: the distances are exact to 2^-10 px below 2 px, where the coverage is not 0 or
// 1; the colour within 1/255.
uniform vec4 u_colour;
uniform vec4 u_ground;
// How much of the flap shows over the ground (a fading leaf's opacity).
uniform float u_opacity;
varying vec4 v_edges;

void main() {
    vec2 e = min(v_edges.xy, v_edges.zw);
    float inside = min(e.x, e.y);
    float coverage = inside < 0.0 ? 0.0 : min(inside + 0.5, 1.0);
    gl_FragColor = vec4(mix(u_ground.rgb, u_colour.rgb, coverage * u_opacity), 1.0);
}
