/**
 * Derived resource names, per-colour child ingresses and the parent ingress (or Gateway API
 * HTTPRoute) that points at the active child.
 *
 * <p>Dependencies: bluegreen-core and the fabric8 model classes only, never a Kubernetes client.
 * Every function here is pure and returns desired objects; the operator plugin applies them.
 */
package dev.bluegreen.ingress;
