/// Whether an account is set up for pattern tokens: its collection is published and it
/// keeps a minter (what the account setup transaction creates).
import "BreathingPatternNFT"

access(all) fun main(address: Address): Bool {
    let published = getAccount(address).capabilities.borrow<&BreathingPatternNFT.Collection>(BreathingPatternNFT.CollectionPublicPath) != nil
    let account = getAuthAccount<auth(BorrowValue) &Account>(address)
    let minter = account.storage.borrow<&BreathingPatternNFT.NFTMinter>(from: BreathingPatternNFT.MinterStoragePath) != nil
    return published && minter
}
