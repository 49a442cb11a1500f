// A soft shadow laid over what is already drawn: black, strongest at its origin and fading quadratically
// to nothing over its width (v_k: 0 at the origin, 1 at the far side). Drawn only over the thin band it
// darkens (the gutter, the strip beyond the curl), so the pages themselves keep the cheapest shader.
// Error bound in mediump: v_k in [0, 1] carries 11 significant bits, the alpha is within 1/255.
uniform float u_strength;
varying float v_k;

void main() {
    float k = clamp(v_k, 0.0, 1.0);
    gl_FragColor = vec4(0.0, 0.0, 0.0, u_strength * (1.0 - k) * (1.0 - k));
}
