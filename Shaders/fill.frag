// One opaque colour: a single page's flap where it lies on the ground (paper tinted by the page). No texture
// is read, which a software renderer shades in a fraction of the page shader's time (the page shader samples
// its texture at every pixel even where it shows none of it). Error bound in mediump: the colour within 1/255.
uniform vec4 u_colour;

void main() {
    gl_FragColor = vec4(u_colour.rgb, 1.0);
}
