// CR 420.5e: the legend rule.
fn trample() {} // rules 702.19b-c
// A player with 0 or less life loses the game (rule 704.5a).
