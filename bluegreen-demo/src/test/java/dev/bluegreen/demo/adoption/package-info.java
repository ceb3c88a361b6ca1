/**
 * Adopting a running FlinkDeployment as blue and releasing it back, on the embedded API with the
 * controller and the stand-in running real jobs.
 */
package dev.bluegreen.demo.adoption;
