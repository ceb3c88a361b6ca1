package dev.bluegreen.operator.resource;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * The header that selects the incoming child ({@code spec.httpRoute.preview.header}), matched
 * exactly, e.g. {@code x-bluegreen-preview: green}.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public class PreviewHeaderSpec {
    private String name;
    private String value;

    /** The header name; {@code null}: {@code x-bluegreen-preview}. */
    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    /** The exact value; {@code null}: {@code true}. */
    public String getValue() {
        return value;
    }

    public void setValue(String value) {
        this.value = value;
    }
}
