/**
 * The extension point of the controller: a team's own readiness policy and transition-policy
 * customiser, found with {@link java.util.ServiceLoader} and picked per resource by name. An
 * extension jar needs this module (and {@code bluegreen-diff} for diff-rule overrides), no
 * Kubernetes, no JOSDK. See docs/testing-policies.md.
 */
package dev.bluegreen.core.extension;
