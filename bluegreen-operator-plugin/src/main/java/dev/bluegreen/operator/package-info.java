/**
 * The FlinkBlueGreenDeployment controller. Not implemented yet: it is the subject of the controller
 * issue. It is the only module that does I/O.
 */
package dev.bluegreen.operator;
