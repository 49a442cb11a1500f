// A soft shadow laid over what is already drawn: black, strongest at u_origin and fading quadratically
// to nothing u_width pixels along u_direction. Drawn only over the thin band it darkens (the gutter, the
// strip beyond the curl), so the pages themselves keep the cheapest shader.
uniform vec2 u_origin;
uniform vec2 u_direction;
uniform float u_width;
uniform float u_strength;
varying vec2 v_page;

void main() {
    float k = clamp(dot(v_page - u_origin, u_direction) / max(u_width, 1.0), 0.0, 1.0);
    gl_FragColor = vec4(0.0, 0.0, 0.0, u_strength * (1.0 - k) * (1.0 - k));
}
