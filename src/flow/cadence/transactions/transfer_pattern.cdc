/// Moves one pattern token from the signer's collection to the recipient's. Withdrawing
/// borrows the signer's own collection with the NonFungibleToken.Withdraw entitlement;
/// the recipient must have set up a collection.
import "NonFungibleToken"
import "BreathingPatternNFT"

transaction(recipient: Address, id: UInt64) {
    let token: @{NonFungibleToken.NFT}

    prepare(signer: auth(BorrowValue) &Account) {
        let collection = signer.storage.borrow<auth(NonFungibleToken.Withdraw) &BreathingPatternNFT.Collection>(from: BreathingPatternNFT.CollectionStoragePath)
            ?? panic("The signer has no BreathingPatternNFT collection")
        self.token <- collection.withdraw(withdrawID: id)
    }

    execute {
        let receiver = getAccount(recipient).capabilities.borrow<&{NonFungibleToken.Receiver}>(BreathingPatternNFT.CollectionPublicPath)
            ?? panic("The recipient has no BreathingPatternNFT collection: they must set up their account first")
        receiver.deposit(token: <-self.token)
    }
}
