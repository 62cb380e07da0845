"""Production static files: hashed names, gzip and Brotli copies (WhiteNoise), and ES module
imports rewritten to the hashed names.

With hashed names ``main.3f2a.js`` importing ``./table.js`` would fetch the unhashed file,
which production does not cache for long, or miss it altogether. Django rewrites relative
``import``/``export ... from`` specifiers when ``support_js_module_import_aggregation`` is on;
this keeps pages free of an inline import map (which a strict Content-Security-Policy would
have to allow by hash). The import chain is a few modules deep, and each level needs a pass.
"""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage


class ModuleManifestStaticFilesStorage(CompressedManifestStaticFilesStorage):
    """WhiteNoise's compressed manifest storage, with module imports pointed at hashed names."""

    support_js_module_import_aggregation = True
    max_post_process_passes = 10
