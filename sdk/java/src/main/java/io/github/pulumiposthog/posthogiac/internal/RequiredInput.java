// Written by sdk/generate-java.mjs (wordMissingInputs); do not edit.
package io.github.pulumiposthog.posthogiac.internal;

import com.pulumi.exceptions.RunException;

/**
 * What an input builder's build() throws when a required field was not set: a RunException, which Pulumi's Java
 * SDK reports as its message alone (one error line, no stack trace and no "Running program" line with the JVM's
 * command line), naming the builder's setter and the program's line that called build().
 */
public final class RequiredInput {
    private RequiredInput() {
    }

    public static RunException missing(String type, String property) {
        String at = "";
        for (StackTraceElement frame : new Throwable().getStackTrace()) {
            if (!frame.getClassName().startsWith("io.github.pulumiposthog.posthogiac.")) {
                at = " (" + frame.getFileName() + ":" + frame.getLineNumber() + ")";
                break;
            }
        }
        return new RunException(type + " needs ." + property + "(...): it is required, and "
            + type + ".builder() reached .build() without it" + at + ".");
    }
}
