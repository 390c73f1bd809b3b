-- Oasis (M-DATA-1): no tile hooks; what arriving here does is the pack's [movement] arrive hook.
return {}
